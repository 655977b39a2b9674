import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's HAProxy (apt package `haproxy`); HAPROXY_PATH overrides it. */
const haproxyExecutable = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface Proxy {
  /** http://127.0.0.1:port of the proxy's one frontend. */
  base: string;
  /** The HAProxy master process (its worker is its child). */
  pid: number;
  /** `show stat` from the admin socket: each backend server's status (UP, DOWN, …) by name. */
  status(): Promise<Record<string, string>>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The reverse proxy an operator puts in front of several portal processes, as a config file in a
 * temporary folder: round robin over `servers`, each checked with GET /readyz (every 300 ms, down
 * after 2 failures: a stopping portal answers 503 there while it drains, SHUTDOWN_DRAIN_MS), a cookie
 * (SRV=<server name>) that pins a browser to one while it is up, a connection refused tried again on
 * another (redispatch), connections to the servers kept alive and reused (HAProxy's default), and
 * client and server timeouts above the live stream's 25 s keep-alive comment. Every answer names the
 * process that gave it in `x-served-by`.
 */
export async function startHaproxy(port: number, servers: Array<{ name: string; port: number }>): Promise<Proxy> {
  if (!fs.existsSync(haproxyExecutable))
    throw new Error(`HAProxy is not installed at ${haproxyExecutable} (Debian: apt-get install haproxy; or set HAPROXY_PATH)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const config = `global
  maxconn 2000
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  option redispatch 1
  retries 3
  timeout connect 2s
  # A live stream is quiet between events: the server's keep-alive comment every 25 s keeps it under these.
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A health check's answer may take this long (by default only 'inter', 300 ms: a loaded machine's /readyz missed it).
  timeout check 2s
  timeout tunnel 1h

frontend portal
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 2
  cookie SRV insert indirect nocache
  http-response set-header x-served-by %s
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check cookie ${s.name}`).join('\n')}
`;
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  // -db: in the foreground, stopped with the test; -W: master-worker, so SIGTERM ends it cleanly.
  const child: ChildProcess = spawn(haproxyExecutable, ['-db', '-W', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-10_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-10_000)));
  const adminCommand = (command: string) =>
    new Promise<string>((resolve, reject) => {
      const c = net.createConnection(socket);
      let text = '';
      c.on('connect', () => c.end(`${command}\n`));
      c.on('data', (d) => (text += d));
      c.on('end', () => resolve(text));
      c.on('error', reject);
    });
  const proxy: Proxy = {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async status() {
      const csv = await adminCommand('show stat');
      const [header, ...rows] = csv.trim().split('\n');
      const cols = header!.replace(/^# /, '').split(',');
      const at = (name: string) => cols.indexOf(name);
      const result: Record<string, string> = {};
      for (const row of rows) {
        const f = row.split(',');
        if (f[at('pxname')] === 'instances' && f[at('svname')] !== 'BACKEND') result[f[at('svname')]!] = f[at('status')]!;
      }
      return result;
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 3_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited early:\n${out}`);
    try {
      const status = await proxy.status();
      if (servers.every((s) => status[s.name] === 'UP')) return proxy;
    } catch {
      // the socket is not there yet
    }
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`haproxy did not see every server UP:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
