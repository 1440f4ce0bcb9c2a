/**
 * The contract's endpoint objects, loaded lazily by request.ts. Importing `api` through this module
 * (rather than `import('@zhicai/contract')`) lets the bundler keep only the endpoint groups and zod in
 * the lazy chunk, while the route table the shell needs stays in the entry.
 */
export { api } from '@zhicai/contract';
