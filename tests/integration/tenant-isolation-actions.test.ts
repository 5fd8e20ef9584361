// First: Next's stores need AsyncLocalStorage on globalThis before any next/* module loads.
import '../helpers/next-action-scope';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { staffActionDefinition, type StaffActionDefinition } from '@/lib/actions';
import { staffContext } from '@/lib/context/unit-of-work';
import { classifyError } from '@/lib/error-classification';
import { useTestDatabase } from '../helpers/db';
import { tenantOf } from '../helpers/fixtures';
import { everyVictimValue, hostileInput, leakDetector, MARKER, replaceMarker, topLevelFields, victimValuesFor } from '../helpers/hostile-calls';
import { inActionScope } from '../helpers/next-action-scope';
import { campsiteRowsReader, makeTenantWorld, rowChanges } from '../helpers/tenant-world';

/**
 * THE isolation walk of the server actions, complete by construction: every module under app/,
 * lib/ and components/ that starts with 'use server' is found on disk and imported; every export
 * built with staffAction has its handler called as another campsite's admin (full pack, so every
 * role check the handler makes passes) with the victim's ids in every field, after its own
 * schema's safeParse, as the action itself does. Each answer must hold no canary nor victim id the
 * attacker did not send, and no victim row may change. An export that is not a staffAction must be
 * listed below with the reason: a new one fails the test until it is.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Exports of 'use server' modules that are not staff actions, and why the walk leaves them to their own tests. */
const NOT_STAFF_ACTIONS: Record<string, string> = {
  'app/(auth)/login/actions.ts#login': 'logs in with a password: there is no session, hence no tenant, yet (password-login.test.ts)',
  'app/(auth)/loginCV/actions.ts#loginWithLink': 'logs in with a one-time link: there is no tenant yet (login-token.test.ts)',
  'app/(public)/contattaci/actions.ts#sendContactRequest': 'the guests’ public contact form: the campsite is the one the guest writes to (public-form.test.ts)',
  'app/(public)/visualizzaPreventivo/actions.ts#askQuoteQuestion': 'a guest’s question on the mini-site: the quote, its guest and its campsite must belong together, else not found (quote-questions.test.ts)',
  'app/(public)/visualizzaPreventivo/actions.ts#requestNewQuote': 'the expired quote’s request for a new one: the quote, its guest and its campsite must belong together, else not found (quote-renewal.test.ts)',
  'app/(public)/sondaggio/actions.ts#sendSurveyAnswer': 'a guest answers the survey of a stay: the token is looked up inside the link’s campsite only, else not found (survey-answer.test.ts)',
  'app/(public)/mailing/conferma/actions.ts#confirmNewsletter': 'a guest confirms a subscription with the secret token of its mail, no tenant (newsletter-double-opt-in.test.ts)',
};

const DIRECTIVE_ON_TOP = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*['"]use server['"]/;

/** Source files under the roots, node_modules and build output left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const sources = ['app', 'lib', 'components'].flatMap((root) => sourceFiles(join(ROOT, root))).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));
const serverModules = sources.filter((file) => DIRECTIVE_ON_TOP.test(file.text)).map((file) => file.path);

type Action = { name: string; definition: StaffActionDefinition };

let db: Database;
let world: Awaited<ReturnType<typeof makeTenantWorld>>;
let actions: Action[];
let notStaff: string[];

beforeAll(async () => {
  db = await useTestDatabase();
  world = await makeTenantWorld(db);
  actions = [];
  notStaff = [];
  for (const path of serverModules) {
    const loaded = (await import(/* @vite-ignore */ `@/${path.replace(/\.tsx?$/, '')}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(loaded)) {
      const definition = staffActionDefinition(value);
      if (definition) actions.push({ name: `${path}#${name}`, definition });
      else notStaff.push(`${path}#${name}`);
    }
  }
});

/** An answer as text, bytes included (a canary in a file must show). */
const asText = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Uint8Array) return Buffer.from(item).toString('latin1');
    if (item && typeof item === 'object' && (item as { type?: unknown }).type === 'Buffer' && Array.isArray((item as { data?: unknown }).data))
      return Buffer.from((item as { data: number[] }).data).toString('latin1');
    if (typeof item === 'bigint') return String(item);
    return item;
  }) ?? '';

/** Fields a form-data action may read an id from: the form carries a small file and the victim's id under each. */
const FORM_ID_FIELDS = ['id', 'quoteId', 'contactId', 'campsiteId', 'threadId', 'listId', 'templateId', 'attachmentId', 'mailTraceId', 'imageId'];

function formWith(value: string): FormData {
  const form = new FormData();
  form.set('file', new File([Buffer.from('allegato di prova')], 'prova.txt', { type: 'text/plain' }));
  for (const field of FORM_ID_FIELDS) form.set(field, value);
  return form;
}

/** The inputs tried on an action: each victim value in every field; each top-level field alone with the values its name calls for. */
async function hostileInputs(schema: StaffActionDefinition['schema']): Promise<unknown[]> {
  if ((await schema.safeParseAsync(new FormData())).success) return everyVictimValue(world).map(formWith);
  const inputs: unknown[] = [];
  const everywhere = await hostileInput(world, schema, () => MARKER);
  for (const value of everyVictimValue(world)) inputs.push(replaceMarker(everywhere.value, value));
  for (const field of topLevelFields(schema)) {
    const alone = await hostileInput(world, schema, (other) => (other === field ? MARKER : undefined));
    for (const value of victimValuesFor(world, `body:${field}`)) inputs.push(replaceMarker(alone.value, value));
  }
  const seen = new Set<string>();
  return inputs.filter((input) => {
    const key = JSON.stringify(input);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('tenant isolation of every server action', () => {
  it('finds the server action modules and lists every export that is not a staff action', () => {
    expect(serverModules.length).toBeGreaterThan(20);
    expect(actions.length).toBeGreaterThan(80);
    expect(notStaff.filter((name) => !(name in NOT_STAFF_ACTIONS)), 'a new export that is not a staffAction: make it one, or list it with the reason').toEqual([]);
    expect(Object.keys(NOT_STAFF_ACTIONS).filter((name) => !notStaff.includes(name)), 'listed but gone: remove it from the list').toEqual([]);
    // A server action declared inside a function ('use server' in its body) is not an export the walk can reach.
    const inline = sources.filter((file) => /['"]use server['"]/.test(file.text) && !DIRECTIVE_ON_TOP.test(file.text)).map((file) => file.path);
    expect(inline).toEqual([]);
  });

  it('sees the canaries when the victim’s own admin searches its guests (the detector works)', async () => {
    const search = actions.find((action) => action.name === 'app/(staff)/preventivi/actions.ts#searchContactsAction');
    const input = search!.definition.schema.parse({ search: world.victimContacts[1].email });
    const { value } = await inActionScope(() => search!.definition.handler(staffContext(tenantOf(world.victimUsers[0]), db), input as never));
    expect(leakDetector(world).leaks(asText(value)).length).toBeGreaterThan(2);
  });

  it('walks every staff action with the victim’s ids: 0 leaks, 0 changes', { timeout: 300_000 }, async () => {
    const tenant = tenantOf(world.attacker.user);
    const scope = { campsiteId: world.victim.id, userIds: world.victimUsers.map((user) => user.id) };
    const victimRows = await campsiteRowsReader(db, scope);
    let baseline = await victimRows();
    const detector = leakDetector(world);
    const problems: string[] = [];
    const outcomes = new Map<string, number>();
    const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    let tried = 0;
    let leaked = 0;
    let changed = 0;
    const started = Date.now();

    for (const { name, definition } of actions) {
      let reached = false;
      for (const input of await hostileInputs(definition.schema)) {
        tried++;
        const parsed = await definition.schema.safeParseAsync(input);
        const sent = input instanceof FormData ? asText(Object.fromEntries([...input.entries()].filter(([, item]) => typeof item === 'string'))) : asText(input);
        detector.sent(sent);
        if (!parsed.success) {
          count('input refused');
          continue;
        }
        reached = true;
        const what = `${name} ${sent.slice(0, 160)}`;
        let answer: unknown;
        try {
          answer = (await inActionScope(() => definition.handler(staffContext(tenant, db), parsed.data as never))).value;
          count('answered');
        } catch (error) {
          const known = classifyError(error);
          if (!known) problems.push(`${what}: unexpected error ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
          count(known ? `refused (${known.status})` : 'unexpected error');
          continue;
        }
        const found = detector.leaks(asText(answer));
        if (found.length > 0) {
          leaked++;
          problems.push(`${what}: leaks ${found.join(', ')} in ${asText(answer).slice(0, 300)}`);
        }
      }
      // An action none of whose inputs gets past its schema would prove nothing: the walk must reach every handler.
      if (!reached) problems.push(`${name}: no hostile input gets past the action's schema`);
      const after = await victimRows();
      const { added, removed } = rowChanges(baseline, after);
      if (added.length > 0 || removed.length > 0) {
        changed++;
        problems.push(`${name} changed the victim: added ${added.join(' | ')}; changed or removed ${removed.join(' | ')}`);
      }
      baseline = after;
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `tenant isolation (actions): ${serverModules.length} modules, ${actions.length} staff actions (${Object.keys(NOT_STAFF_ACTIONS).length} other exports listed) × ${Object.keys(world.victimIds).length} victim ids and 3 victim texts; ${tried} inputs, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}; leaks ${leaked}, changes ${changed}; ${seconds} s`,
    );
    expect(problems).toEqual([]);
  });
});
