// Public API of @toolarsenal/langchain: export each name explicitly (no `export *` from internals).
export {};
