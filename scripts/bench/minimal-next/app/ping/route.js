// The floor of `npm run bench:http`: what Next 16 alone costs for a route handler with a tiny JSON.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ ok: true });
}
