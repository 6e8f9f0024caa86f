// Stands in for the CDN's deploy hook: records every POST to /hook and lists them at
// GET /received, so the cloud tests can check that publishing content called the hook.
// POST /fail-next makes the next call fail with 500, to see the failure shown and retried.
import http from 'node:http';

export interface HookRecorder {
  /** The address the worker is given as DEPLOY_HOOK_URL. */
  url: string;
  /** Where the tests read the calls (GET /received) and provoke a failure (POST /fail-next). */
  controlUrl: string;
  close(): Promise<void>;
}

export async function startHookRecorder(port: number): Promise<HookRecorder> {
  const received: { at: string; status: number }[] = [];
  let failNext = false;
  const server = http.createServer((request, response) => {
    const route = `${request.method} ${request.url}`;
    request.resume(); // the hook's body carries nothing the tests need
    request.on('end', () => {
      if (route === 'GET /received')
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      if (route === 'POST /fail-next') {
        failNext = true;
        return void response.writeHead(204).end();
      }
      if (route !== 'POST /hook') return void response.writeHead(404).end();
      const status = failNext ? 500 : 200;
      failNext = false;
      received.push({ at: new Date().toISOString(), status });
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(status === 200 ? '{"id":"local-build"}' : '{"error":"provoked"}');
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    controlUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
