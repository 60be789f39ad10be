// A heavy library loaded on first use instead of at API start (cheerio takes ~200 ms to load,
// feedsmith ~140 ms; neither is needed until a crawl or a scrape runs). CommonJS require is
// synchronous, so the callers stay synchronous.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
