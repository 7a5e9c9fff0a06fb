import express from 'express';

/**
 * The reference of `npm run bench -- pipeline`: express 5 parsing JSON and answering with the
 * web channel's reply shape, nothing else. Run as its own process, like the server under test.
 */
const app = express();
app.use(express.json());
app.post('/echo', (req, res) => {
  res.json({ replies: [{ text: `echo: ${String((req.body as { text?: unknown }).text)}` }] });
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
