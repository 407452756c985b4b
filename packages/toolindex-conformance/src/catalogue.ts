import { defineTool, type Tool } from '@toolarsenal/toolmodel';

const schema = (
  properties: Record<string, { type: string; description?: string }>,
  required: string[] = [],
) => ({
  type: 'object' as const,
  properties,
  required,
});

/** The same e-mail tool served by several servers (near-duplicates for the diversity test). */
function sendEmail(namespaces: string[]): Tool[] {
  return namespaces.map((namespace) =>
    defineTool({
      name: 'send_email',
      namespace,
      description: 'Send an email message to one or more recipients.',
      inputSchema: schema(
        { to: { type: 'string', description: 'Recipient e-mail address' }, body: { type: 'string' } },
        ['to'],
      ),
      tags: ['email', 'messaging'],
      category: 'communication',
      capabilities: ['network'],
    }),
  );
}

/** A small catalogue with namespaces, tags, categories, annotations, a deprecated tool and near-duplicates. */
export function catalogue(): Tool[] {
  return [
    defineTool({
      name: 'process_refund',
      namespace: 'payments',
      description: 'Refund a captured payment to the customer, fully or partially.',
      inputSchema: schema(
        { payment_id: { type: 'string', description: 'Payment to refund' }, amount: { type: 'number' } },
        ['payment_id'],
      ),
      tags: ['payments', 'refunds'],
      category: 'finance',
      capabilities: ['financial', 'write_data'],
      annotations: { destructiveHint: true },
    }),
    defineTool({
      name: 'create_invoice',
      namespace: 'payments',
      description: 'Create an invoice for a customer with line items and a due date.',
      inputSchema: schema({
        customer_id: { type: 'string' },
        due_date: { type: 'string', description: 'ISO date' },
      }),
      tags: ['payments', 'invoices'],
      category: 'finance',
      capabilities: ['financial', 'write_data'],
    }),
    defineTool({
      name: 'get_payment_status',
      namespace: 'payments',
      description: 'Look up the status of a payment by its id.',
      inputSchema: schema({ payment_id: { type: 'string' } }, ['payment_id']),
      tags: ['payments'],
      category: 'finance',
      annotations: { readOnlyHint: true },
    }),
    ...sendEmail(['mail', 'mail-mirror']),
    defineTool({
      name: 'search_inbox',
      namespace: 'mail',
      description: 'Search the email inbox for messages matching a query.',
      inputSchema: schema({ query: { type: 'string' } }, ['query']),
      tags: ['email', 'search'],
      category: 'communication',
      annotations: { readOnlyHint: true },
    }),
    defineTool({
      name: 'read_file',
      namespace: 'files',
      description: 'Read a text file from the workspace.',
      inputSchema: schema({ path: { type: 'string', description: 'File path' } }, ['path']),
      tags: ['files'],
      category: 'storage',
      capabilities: ['read_data'],
      annotations: { readOnlyHint: true },
    }),
    defineTool({
      name: 'write_file',
      namespace: 'files',
      description: 'Write text to a file in the workspace, replacing its content.',
      inputSchema: schema({ path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
      tags: ['files'],
      category: 'storage',
      capabilities: ['write_data'],
      annotations: { destructiveHint: true },
    }),
    defineTool({
      name: 'create_event',
      namespace: 'calendar',
      description: 'Create a calendar event with a title, start time and attendees.',
      inputSchema: schema(
        { title: { type: 'string' }, start: { type: 'string', description: 'Start date and time' } },
        ['title', 'start'],
      ),
      tags: ['calendar', 'scheduling'],
      category: 'productivity',
    }),
    defineTool({
      name: 'get_forecast',
      namespace: 'weather',
      description: 'Weather forecast for a city: temperature, rain and wind for the next days.',
      inputSchema: schema({ city: { type: 'string', description: 'City name' } }, ['city']),
      tags: ['weather'],
      category: 'information',
      annotations: { readOnlyHint: true, openWorldHint: true },
    }),
    defineTool({
      name: 'legacy_refund',
      namespace: 'payments',
      description: 'Old refund endpoint for captured payments; use process_refund.',
      inputSchema: schema({ payment_id: { type: 'string' } }, ['payment_id']),
      tags: ['payments', 'refunds'],
      category: 'finance',
      deprecated: true,
    }),
    defineTool({
      name: 'web_search',
      namespace: 'search',
      description: 'Search the web and return the top results with titles and links.',
      inputSchema: schema({ query: { type: 'string' } }, ['query']),
      tags: ['search', 'web'],
      category: 'information',
      source: 'mcp',
    }),
  ];
}

/** Requests the suite compares backends on (lexical, semantic and hybrid). */
export const REQUESTS = [
  'refund the payment and email the customer',
  'what will the weather be in Lisbon tomorrow',
  'read the file at /tmp/notes.txt',
  'schedule a meeting with the team on 2024-05-01',
  'search my inbox for the invoice from last week',
  'create an invoice for customer 42, then send it by email',
  'look up the payment status',
  'find something on the web about tool retrieval',
];
