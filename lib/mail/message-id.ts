import { randomUUID } from 'node:crypto';
import { fromAddressOf } from './sender-name';

/**
 * A Message-ID of our own, without angle brackets, under the domain of the From address: chosen
 * before the mail leaves, so every attempt sends the same one and a guest's reply (In-Reply-To,
 * References) finds its trace whichever way the mail went.
 */
export function newMessageId(from: string): string {
  const domain = fromAddressOf(from).split('@')[1]?.trim() || 'crm-campeggi.it';
  return `${randomUUID()}@${domain}`;
}

/** The header form of a bare Message-ID. */
export const messageIdHeader = (bare: string) => `<${bare}>`;
