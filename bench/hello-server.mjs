// The reference for the API load figures: bare Fastify answering {"hello":"world"}, no plugins,
// no logging. Started by api-load.ts as a child process on the same machine in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('ready\n');
