import { build } from 'vite';
import { gzipSync } from 'node:zlib';
const out = {};
await build({
  logLevel: 'silent',
  build: { write: false },
  plugins: [{
    name: 'dump', generateBundle(_o, bundle) {
      for (const [name, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk' || !c.isEntry) continue;
        const groups = {};
        for (const [id, m] of Object.entries(c.modules)) {
          const key = id.replace(/.*node_modules\//, 'nm:').replace(/^nm:(@[^/]+\/[^/]+|[^/]+)\/(.*)$/, (s, p, rest) => p + (process.env.DEEP ? '/' + rest : '')).replace(/.*apps\/web\/src\//, 'src/').replace(/.*packages\//, 'pkg:');
          const k = process.env.DEEP ? key : (key.startsWith('src/') ? key.split('/').slice(0, 3).join('/') : key);
          groups[k] = (groups[k] || 0) + m.renderedLength;
        }
        const total = Object.values(groups).reduce((a, b) => a + b, 0);
        console.log(name, 'raw', total, 'gzip', gzipSync(c.code, { level: 9 }).length);
        for (const [k, v] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log(String(v).padStart(8), k);
      }
    },
  }],
});
