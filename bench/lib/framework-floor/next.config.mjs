import { fileURLToPath } from 'node:url';

// The repository's root holds the node_modules this app is built with; Turbopack resolves nothing outside its root.
export default { turbopack: { root: fileURLToPath(new URL('../../../', import.meta.url)) } };
