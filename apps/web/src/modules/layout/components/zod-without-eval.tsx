import { InlineScript } from './inline-script';

/**
 * zod 4 checks whether it may compile parsers with `new Function` the first time a form parses an object. Under the
 * shop's CSP (no 'unsafe-eval', decision 044) the probe fails as intended, but the browser still reports it as a
 * policy violation. zod's `jitless` setting skips the probe; it is set here through zod's own global (the object zod
 * keeps its config in, created or reused in either order), so no zod code joins the first-load scripts.
 */
const JITLESS = 'Object.assign(globalThis.__zod_globalConfig??={},{jitless:true})';

export function ZodWithoutEval() {
  return <InlineScript code={JITLESS} />;
}
