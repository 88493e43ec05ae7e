// The consumer thread's entry: a worker does not inherit the parent's TypeScript loader, so it
// registers tsx itself before loading the TypeScript side (consumer-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./consumer-worker.ts');
