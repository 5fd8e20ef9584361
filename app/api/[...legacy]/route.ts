import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';

const dispatch = createDispatcher(legacyRoutes);

export const GET = dispatch;
export const POST = dispatch;
export const PUT = dispatch;
export const PATCH = dispatch;
export const DELETE = dispatch;
