/**
 * The guest's address of a stay's survey: the campsite in the path lets the page resolve the
 * tenant from the link (as /visualizzaPreventivo does); the token is the secret, looked up inside
 * that campsite's wall.
 */
export const surveyPath = (ids: { campsiteId: string; token: string }) => `/sondaggio/${encodeURIComponent(ids.campsiteId)}/${encodeURIComponent(ids.token)}`;
