// Public API of @toolarsenal/llamaindex: export each name explicitly (no `export *` from internals).
export {};
