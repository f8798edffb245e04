// `npm run dev`: the API (tsx watch, port 3000) and the web app (Vite with hot reload, port 5173,
// proxying the API) side by side. Open http://localhost:5173/v3/. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@lavoura/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@lavoura/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', () => stop()));
