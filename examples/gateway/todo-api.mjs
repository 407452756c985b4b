// A small todo HTTP API on 127.0.0.1, described by todo-api.yaml (OpenAPI 3.0).
import { createServer } from 'node:http';

/** Starts the API; resolves with its base URL and a close function. */
export async function startTodoApi(port = 0) {
  const todos = [
    { id: 1, title: 'Book the venue', done: true },
    { id: 2, title: 'Send the invitations', done: false },
  ];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status, body) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/api/todos' && req.method === 'GET') return send(200, todos);
    if (url.pathname === '/api/todos' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) {
        text += chunk;
        if (text.length > 10_000) return send(413, { error: 'too large' });
      }
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return send(400, { error: 'body must be JSON' });
      }
      if (typeof body?.title !== 'string' || body.title === '')
        return send(400, { error: 'title is required' });
      const todo = { id: todos.length + 1, title: body.title.slice(0, 200), done: false };
      todos.push(todo);
      return send(201, todo);
    }
    const one = /^\/api\/todos\/(\d+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const todo = todos.find((t) => t.id === Number(one[1]));
      return todo ? send(200, todo) : send(404, { error: 'no such todo' });
    }
    send(404, { error: 'not found' });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}/api`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
