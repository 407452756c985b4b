// Public API of @toolarsenal/toolindex-vectra: export each name explicitly (no `export *` from internals).
export { openVectraIndex, type VectraIndexOptions, VectraToolIndex } from './vectra-index.js';
