// The reference for the benchmark: a bare Fastify hello-world, measured in the same run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${url}`);
