// A small round-robin load balancer for `npm run bench:cluster` (scripts/bench-cluster.mjs): each
// request goes to the next copy, over kept-alive connections; answers are piped through as they come.
// `node scripts/balancer.mjs PORT http://127.0.0.1:A http://127.0.0.1:B …`; prints "ready" once it
// listens, and its CPU time on SIGTERM, so the benchmark can say how much of the machine it took.
import { Agent, createServer, request } from 'node:http';

const [port = '0', ...targets] = process.argv.slice(2);
const upstreams = targets.map((t) => new URL(t));
const agent = new Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

const server = createServer((req, res) => {
  const target = upstreams[next++ % upstreams.length];
  const forward = request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('The copy did not answer.');
  });
  req.pipe(forward);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  const { user, system } = process.cpuUsage();
  console.log(`cpu ${((user + system) / 1000).toFixed(0)}`);
  process.exit(0);
});
