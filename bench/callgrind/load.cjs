// n keep-alive GETs of one path, c at a time, for http.sh; exits 1 when any answer is not a 200.
// usage: node load.cjs <port> <path> <n> [c]
const http = require('node:http');

const [port, path, nText, cText] = process.argv.slice(2);
const concurrency = Number(cText || 1);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let left = Number(nText);
let failed = 0;
const one = () =>
  new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        if (res.statusCode !== 200) failed++;
        res.resume();
        res.on('end', resolve);
      })
      .on('error', () => {
        failed++;
        resolve();
      });
  });
const worker = async () => {
  while (left-- > 0) await one();
};
Promise.all(Array.from({ length: concurrency }, worker)).then(() => {
  agent.destroy();
  if (failed > 0) {
    console.error(`${failed} answers were not 200`);
    process.exit(1);
  }
});
