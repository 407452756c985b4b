import { defineTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';

const obj = (
  properties: Record<string, { type: string; description?: string }>,
  required: string[] = [],
) => ({
  type: 'object' as const,
  properties,
  required,
});

function webSearch(
  namespace: string,
  description = 'Search the web and return the top result pages with titles and snippets.',
): ToolInput {
  return {
    name: 'web_search',
    namespace,
    description,
    inputSchema: obj({ query: { type: 'string' } }),
    tags: ['search', 'web'],
    category: 'discovery',
    capabilities: ['network_access'],
  };
}

/** A small, realistic catalogue: payments, email, files, calendar, search, with near-duplicates across servers. */
export const FIXTURE_INPUTS: ToolInput[] = [
  {
    name: 'process_refund',
    namespace: 'payments',
    description: 'Refund a captured payment to the customer, fully or partially.',
    inputSchema: obj(
      { payment_id: { type: 'string', description: 'Payment to refund' }, amount: { type: 'number' } },
      ['payment_id'],
    ),
    tags: ['payments', 'refunds'],
    category: 'finance',
    capabilities: ['financial', 'write_data'],
    annotations: { destructiveHint: true },
  },
  {
    name: 'createInvoice',
    namespace: 'payments',
    description: 'Create an invoice for a customer with line items and a due date.',
    inputSchema: obj({
      customer_id: { type: 'string' },
      due_date: { type: 'string', description: 'ISO date' },
    }),
    tags: ['payments', 'invoices'],
    category: 'finance',
    capabilities: ['financial', 'write_data'],
  },
  {
    name: 'get_payment_status',
    namespace: 'payments',
    description: 'Look up the status of a payment (pending, captured, failed, refunded).',
    inputSchema: obj({ payment_id: { type: 'string' } }),
    tags: ['payments'],
    category: 'finance',
    capabilities: ['financial', 'read_data'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'send_email',
    namespace: 'mail',
    description: 'Send an email message to one or more recipients.',
    inputSchema: obj({
      to: { type: 'string', description: 'Recipient address' },
      subject: { type: 'string' },
      body: { type: 'string' },
    }),
    tags: ['email', 'communication'],
    category: 'communication',
    capabilities: ['network_access'],
  },
  {
    name: 'search_emails',
    namespace: 'mail',
    description: 'Search the mailbox for emails matching a query.',
    inputSchema: obj({ query: { type: 'string' } }),
    tags: ['email'],
    category: 'communication',
    capabilities: ['read_data'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'read_file',
    namespace: 'fs',
    description: 'Read the contents of a file from disk.',
    inputSchema: obj({ path: { type: 'string', description: 'File path' } }),
    tags: ['files'],
    category: 'files',
    capabilities: ['file_system', 'read_data'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'write_file',
    namespace: 'fs',
    description: 'Write text to a file on disk, replacing its contents.',
    inputSchema: obj({ path: { type: 'string' }, content: { type: 'string' } }),
    tags: ['files'],
    category: 'files',
    capabilities: ['file_system', 'write_data'],
  },
  {
    name: 'create_event',
    namespace: 'calendar',
    description: 'Schedule a calendar event (meeting) with attendees at a given time.',
    inputSchema: obj({ title: { type: 'string' }, start: { type: 'string' }, attendees: { type: 'array' } }),
    tags: ['calendar'],
    category: 'productivity',
    capabilities: ['write_data'],
  },
  // The same web search from three servers: search_b an exact copy, search_c reworded.
  { ...webSearch('search_a'), annotations: { readOnlyHint: true } },
  webSearch('search_b'),
  webSearch('search_c', 'Search the web and return top result pages, titles and snippets.'),
  {
    name: 'news_headlines',
    namespace: 'news',
    description: 'Latest news headlines for a topic or country.',
    inputSchema: obj({ topic: { type: 'string' } }),
    tags: ['news', 'search'],
    category: 'discovery',
    capabilities: ['network_access'],
  },
  {
    name: 'legacy_refund',
    namespace: 'payments',
    description: 'Refund a payment through the old billing API.',
    inputSchema: obj({ payment_id: { type: 'string' } }),
    tags: ['payments', 'refunds'],
    category: 'finance',
    deprecated: true,
    supersededBy: 'payments:process_refund@1.0.0',
  },
];

export function fixtureTools(): Tool[] {
  return FIXTURE_INPUTS.map((t) => defineTool(t));
}

/** Only the payment tools: a catalogue that serves no weather question. */
export function paymentTools(): Tool[] {
  return fixtureTools().filter((t) => t.namespace === 'payments');
}
