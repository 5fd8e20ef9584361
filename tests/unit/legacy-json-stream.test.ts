import { describe, expect, it } from 'vitest';
import { jsonArrayElements, LegacyImportError } from '@/lib/legacy-import/client';

/** A body sent in the given pieces, as a slow server would cut it. */
const body = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

const all = async (stream: ReadableStream<Uint8Array>) => {
  const out: unknown[] = [];
  for await (const element of jsonArrayElements(stream as unknown as AsyncIterable<Uint8Array>, 'POST /getQuote/all')) out.push(element);
  return out;
};

describe('the elements of a JSON array read as it arrives', () => {
  it('gives each element whole, however the bytes are cut, strings with brackets, quotes and commas included', async () => {
    const elements = [{ _id: 'a', nome: 'Rossi, "il [capo]" {x}', schede: [{ idx: 0, righe: [] }] }, 'testo', 42, null, [1, [2]], { note: 'à è ü \\ \u00e9' }];
    const text = JSON.stringify(elements);
    for (const size of [1, 3, 7, text.length]) {
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(await all(body(...pieces))).toEqual(elements);
    }
  });

  it('splits a multi-byte character across pieces without damage', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify([{ citta: 'Zürich' }]));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await all(stream)).toEqual([{ citta: 'Zürich' }]);
  });

  it('answers an empty list with no element', async () => {
    expect(await all(body(' [ ] '))).toEqual([]);
  });

  it('names the call when the answer is not a list, is cut in the middle, or has a broken element', async () => {
    await expect(all(body('{"error":"x"}'))).rejects.toThrow(LegacyImportError);
    await expect(all(body('{"error":"x"}'))).rejects.toThrow(/POST \/getQuote\/all non ha risposto con un elenco JSON/);
    await expect(all(body('[{"a":1},{"b":'))).rejects.toThrow(/interrotto l’elenco a metà/);
    await expect(all(body('[{"a":1},{"b":tru}]'))).rejects.toThrow(/non è JSON/);
  });
});
