/**
 * The demo company's ticket workspace: three queues with colours, a few tags and quick messages.
 * Find-or-create by name, so a rerun changes nothing. Queue ids are returned for the seeded users.
 */
import { ulid } from '@atende/shared/ids';
import { putQueueOption } from '../../data/queue-options';
import { insertQueue, listQueues } from '../../data/queues';
import { putQuickMessage, listQuickMessages } from '../../data/quick-messages';
import { insertTag, listTags } from '../../data/tags';

const QUEUES = [
  {
    name: 'Atendimento',
    color: '#2563EB',
    orderQueue: 1,
    greetingMessage: 'Olá! Você está no Atendimento. Em que podemos ajudar?',
  },
  {
    name: 'Vendas',
    color: '#16A34A',
    orderQueue: 2,
    greetingMessage: 'Olá! Vamos falar de vendas. Qual produto te interessa?',
  },
  {
    name: 'Financeiro',
    color: '#DC2626',
    orderQueue: 3,
    greetingMessage: 'Olá! Financeiro aqui. Informe o número do seu pedido, por favor.',
  },
];
/** The Vendas menu shows the option tree (a number goes down, 0 back, # to the main menu). */
const SALES_OPTIONS = [
  { key: 'new', parent: null, option: 1, title: 'Fazer um pedido', message: 'Ótimo! Escolha a categoria:' },
  { key: 'phones', parent: 'new', option: 1, title: 'Celulares', message: 'Um vendedor de celulares já vai te atender.' },
  { key: 'laptops', parent: 'new', option: 2, title: 'Notebooks', message: 'Um vendedor de notebooks já vai te atender.' },
  {
    key: 'track',
    parent: null,
    option: 2,
    title: 'Acompanhar um pedido',
    message: 'Informe o número do pedido, por favor.',
  },
] as const;

const TAGS = [
  { name: 'VIP', color: '#7C3AED' },
  { name: 'Novo cliente', color: '#0891B2' },
  { name: 'Retorno', color: '#D97706' },
];
const QUICK_MESSAGES = [
  { shortcode: 'ola', message: 'Olá! Como posso ajudar?' },
  { shortcode: 'obrigado', message: 'Obrigado pelo contato! Qualquer dúvida, estamos à disposição.' },
  { shortcode: 'horario', message: 'Nosso horário de atendimento é de segunda a sexta, das 8h às 18h.' },
];

export interface DemoWorkspace {
  queueIds: string[];
}

export async function seedDemoWorkspace(companyId: string): Promise<DemoWorkspace> {
  const now = new Date().toISOString();
  const queues = await listQueues(companyId);
  for (const q of QUEUES) {
    if (queues.some((x) => x.name === q.name)) continue;
    const queue = { id: ulid(), companyId, outOfHoursMessage: '', createdAt: now, updatedAt: now, ...q };
    await insertQueue(queue, null); // the seed's own plan; the count still moves
    queues.push(queue);
    if (q.name === 'Vendas') await seedOptions(companyId, queue.id);
  }
  const tags = await listTags(companyId);
  for (const t of TAGS)
    if (!tags.some((x) => x.name === t.name)) await insertTag({ id: ulid(), companyId, createdAt: now, ...t });
  const quick = await listQuickMessages(companyId);
  for (const q of QUICK_MESSAGES) {
    if (!quick.some((x) => x.shortcode === q.shortcode)) {
      await putQuickMessage({ id: ulid(), companyId, userId: null, mediaUrl: null, mediaName: null, createdAt: now, ...q });
    }
  }
  return { queueIds: QUEUES.map((q) => queues.find((x) => x.name === q.name)!.id) };
}

async function seedOptions(companyId: string, queueId: string): Promise<void> {
  const ids = new Map(SALES_OPTIONS.map((o) => [o.key, ulid()]));
  for (const o of SALES_OPTIONS) {
    await putQueueOption({
      id: ids.get(o.key)!,
      companyId,
      queueId,
      parentId: o.parent ? ids.get(o.parent)! : null,
      title: o.title,
      message: o.message,
      option: o.option,
    });
  }
}
