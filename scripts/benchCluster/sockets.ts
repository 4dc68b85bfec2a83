/**
 * Live sockets of the cluster run's company user: half on the process that will be killed, half on
 * the survivor. A dropped socket reconnects to the survivor from the last id it saw, as the portal
 * does. At the end every socket must hold every event the survivor's sockets heard after the first
 * moment all were open: the survivor's sockets are the record of what was raised for this user.
 */
import { WebSocket } from 'ws';

export interface Sockets {
  finish(): Promise<{ reconnects: number; expected: number; problems: string[] }>;
  close(): void;
}

interface Message {
  type: string;
  id: number;
  last?: number;
}

export async function holdSockets(options: { bases: string[]; tokens: string[] }): Promise<Sockets> {
  const [doomed, survivor] = options.bases.map((b) => b.replace(/^http/, 'ws'));
  const heard: Set<number>[] = [];
  const lastOf: (number | undefined)[] = [];
  const open: WebSocket[] = [];
  let reconnects = 0;
  let stopping = false;
  const connect = (i: number, base: string, after?: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/v1/live${after !== undefined ? `?after=${after}` : ''}`, {
        headers: { cookie: `tb_session=${options.tokens[i]}` },
        origin: base.replace(/^ws/, 'http'),
      });
      open[i] = ws;
      ws.on('message', (data) => {
        const parsed = JSON.parse(String(data)) as Message | Message[];
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
          if (m.type === 'ready') {
            lastOf[i] = Math.max(lastOf[i] ?? 0, m.last ?? 0);
            resolve();
          } else if (m.type === 'event') {
            heard[i].add(m.id);
            lastOf[i] = Math.max(lastOf[i] ?? 0, m.id);
          }
        }
      });
      ws.on('close', () => {
        if (stopping) return;
        reconnects++;
        setTimeout(() => void connect(i, survivor, lastOf[i]).catch(() => undefined), 100 + Math.random() * 400);
      });
      ws.on('error', reject);
    });
  for (let i = 0; i < options.tokens.length; i++) {
    heard[i] = new Set();
    await connect(i, i % 2 === 0 ? doomed : survivor);
  }
  const from = Math.max(0, ...lastOf.map((l) => l ?? 0));
  return {
    async finish() {
      // Deliveries settle: nothing new for two seconds.
      for (let quiet = 0, before = -1, waited = 0; quiet < 2 && waited < 30; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const now = heard.reduce((all, s) => all + s.size, 0);
        quiet = now === before ? quiet + 1 : 0;
        before = now;
      }
      const record = new Set<number>();
      for (let i = 1; i < heard.length; i += 2) for (const id of heard[i]) if (id > from) record.add(id);
      const problems: string[] = [];
      if (!record.size) problems.push('no live event was heard during the run');
      heard.forEach((ids, i) => {
        const missed = [...record].filter((id) => !ids.has(id));
        if (missed.length) problems.push(`socket ${i} missed ${missed.length} of ${record.size} events`);
      });
      return { reconnects, expected: record.size, problems };
    },
    close() {
      stopping = true;
      for (const ws of open) ws?.terminate();
    },
  };
}
