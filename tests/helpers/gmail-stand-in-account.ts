import { randomBytes } from 'node:crypto';

/** A message as the stand-in keeps it. */
export type StoredMessage = { id: string; threadId: string; labelIds: string[]; internalDate: number; historyId: number; raw: Buffer; rfcMessageId: string | null };

type Brief = { id: string; threadId: string; labelIds: string[] };
export type HistoryRecord = {
  id: number;
  type: 'messageAdded' | 'labelAdded' | 'labelRemoved' | 'messageDeleted';
  message: Brief;
  labelIds?: string[];
};

const hexId = () => randomBytes(8).toString('hex');

/** The headers of a raw message, unfolded and keyed in lower case. */
export function headersOf(raw: Buffer): Map<string, string> {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

const idsIn = (value: string | undefined) => (value?.match(/<[^>]+>/g) ?? []).map((id) => id.slice(1, -1));

/**
 * One Google account of the stand-in: its mailbox (messages, labels, history ids that grow with
 * every change, like Gmail's) and what a test does to it from outside: a guest's mail arrives,
 * the owner reads a mail elsewhere, revokes the CRM's access, or Gmail forgets old history.
 */
export class StandInAccount {
  readonly messages = new Map<string, StoredMessage>();
  readonly history: HistoryRecord[] = [];
  historyId = 1000;
  /** History before this id is gone: a startHistoryId below it is answered 404. */
  oldestHistoryId = 1;
  /** Refresh tokens of this account's grants, and whether each still stands. */
  readonly refreshTokens = new Map<string, { active: boolean }>();
  private readonly threadOfMessageId = new Map<string, string>();
  private readonly threads = new Set<string>();

  constructor(readonly address: string) {}

  private record(type: HistoryRecord['type'], message: StoredMessage, labelIds?: string[]): void {
    this.historyId += 1;
    message.historyId = this.historyId;
    this.history.push({ id: this.historyId, type, message: { id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] }, labelIds });
  }

  /** Gmail's threading, simplified: the thread of the first known message this one answers. */
  private threadFor(headers: Map<string, string>, wanted?: string | null): string {
    if (wanted && this.threads.has(wanted)) return wanted;
    for (const id of [...idsIn(headers.get('in-reply-to')), ...idsIn(headers.get('references'))]) {
      const thread = this.threadOfMessageId.get(id);
      if (thread) return thread;
    }
    return hexId();
  }

  /** A message lands in the mailbox (a guest's mail, or one we send): it gets an id, a thread and a history record. */
  add(raw: Buffer | string, options: { labelIds?: string[]; internalDate?: Date; threadId?: string | null; recordHistory?: boolean } = {}): StoredMessage {
    const buffer = typeof raw === 'string' ? Buffer.from(raw) : raw;
    const headers = headersOf(buffer);
    const message: StoredMessage = {
      id: hexId(),
      threadId: this.threadFor(headers, options.threadId),
      labelIds: options.labelIds ?? ['INBOX', 'UNREAD'],
      internalDate: (options.internalDate ?? new Date()).getTime(),
      historyId: this.historyId,
      raw: buffer,
      rfcMessageId: idsIn(headers.get('message-id'))[0] ?? null,
    };
    this.messages.set(message.id, message);
    this.threads.add(message.threadId);
    if (message.rfcMessageId) this.threadOfMessageId.set(message.rfcMessageId, message.threadId);
    if (options.recordHistory === false) {
      this.historyId += 1;
      message.historyId = this.historyId;
    } else {
      this.record('messageAdded', message);
    }
    return message;
  }

  /** Many messages at once, without history records (they were there before the CRM came): for measurements. */
  seed(total: number, build: (index: number) => { raw: string; internalDate: Date; labelIds?: string[] }): void {
    for (let index = 0; index < total; index++) {
      const { raw, internalDate, labelIds } = build(index);
      this.add(raw, { internalDate, labelIds, recordHistory: false });
    }
  }

  modify(id: string, add: string[] = [], remove: string[] = []): StoredMessage | null {
    const message = this.messages.get(id);
    if (!message) return null;
    const added = add.filter((label) => !message.labelIds.includes(label));
    const removed = remove.filter((label) => message.labelIds.includes(label));
    message.labelIds = [...message.labelIds.filter((label) => !removed.includes(label)), ...added];
    if (added.length > 0) this.record('labelAdded', message, added);
    if (removed.length > 0) this.record('labelRemoved', message, removed);
    return message;
  }

  remove(id: string): void {
    const message = this.messages.get(id);
    if (!message) return;
    this.messages.delete(id);
    this.record('messageDeleted', message);
  }

  /** Gmail keeps history for a limited time: every cursor handed out so far answers 404. */
  expireHistory(): void {
    this.historyId += 1;
    this.oldestHistoryId = this.historyId;
    this.history.length = 0;
  }

  /** The owner removes the CRM from the account's connected apps. */
  revokeGrant(): void {
    for (const grant of this.refreshTokens.values()) grant.active = false;
  }
}
