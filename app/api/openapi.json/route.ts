import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';

export function GET() {
  return Response.json(buildOpenApiDocument(legacyRoutes));
}
