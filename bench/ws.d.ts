// The few parts of ws 7 the push bench uses (it comes with lighthouse; no types shipped).
declare module 'ws' {
  class WebSocket {
    constructor(url: string);
    on(event: 'open', cb: () => void): this;
    on(event: 'error', cb: (err: Error) => void): this;
    on(event: 'message', cb: (data: unknown) => void): this;
    off(event: 'message', cb: (data: unknown) => void): this;
    send(data: string): void;
    close(): void;
  }
  export default WebSocket;
}
