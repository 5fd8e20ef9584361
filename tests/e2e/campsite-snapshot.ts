import { expect, type APIRequestContext } from '@playwright/test';

/** Lago Azzurro's demo mailing key (db/seed/campsites.ts): stored encrypted, so it is written back in clear. */
const DEMO_MAILING_KEY = 'demo-mailjet-key';

type Legacy = Record<string, unknown>;

/**
 * The demo campsite's settings as the legacy API reads them, and a function that writes them all
 * back: other browser tests share the seeded campsites, so a test that changes a setting restores it.
 */
export async function snapshotCampsite(request: APIRequestContext, token: string, campsiteId: string) {
  const headers = { authorization: `Bearer ${token}` };
  const read = async (path: string, data: Legacy = {}) => {
    const answer = await request.post(`/api${path}`, { headers, data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
    return answer.json();
  };
  const write = async (path: string, data: Legacy) => {
    const answer = await request.post(`/api${path}`, { headers, data });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  };
  const [record, hours, contacts, occupancy, formFields, languages, localization] = await Promise.all([
    read(`/getCamping/${campsiteId}`),
    read(`/getCamping/orari/${campsiteId}`),
    read(`/getCamping/contatti/${campsiteId}`),
    read('/getCamping/occupazione'),
    read('/getCamping/campiFormContatti'),
    read('/getCamping/lingue'),
    read(`/getLocalization/${campsiteId}`),
  ]);
  return async function restore() {
    await write(`/editCamping/${campsiteId}`, {
      urlToCV: record.urlToCV === 'NON DEFINITO' ? '' : record.urlToCV,
      scontoSoloSuUnita: record.scontoSoloSuUnita,
      personalizedTags: record.personalizedTags,
      personalizedQuoteTags: record.personalizedQuoteTags,
      MailjetAPI: DEMO_MAILING_KEY,
    });
    await write('/setCamping/orari', hours);
    await write('/setCamping/contatti', contacts);
    await write('/setCamping/occupazione', { occupazione: occupancy });
    await write('/setCamping/campiFormContatti', { campiFormContatti: formFields });
    await write('/setCamping/lingue', { lingue: (languages as { idLingua: number; prefisso: string }[]).map(({ idLingua, prefisso }) => ({ idLingua, prefisso })) });
    await write('/setLocalization', { localization });
  };
}
