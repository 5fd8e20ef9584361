import type { z } from 'zod';
import type { Database } from '@/db/client';
import type { ClientInfo } from '@/lib/auth/service';
import type { Ctx, StaffCtx } from '@/lib/context/unit-of-work';

/** bearer: a session token; public: nobody; platform-key: the booking platform's x-api-key. */
export type AuthMode = 'bearer' | 'public' | 'platform-key';

/** The call's unit of work (lib/context) with what the dispatcher read from the request. */
type BaseContext = Ctx & { db: Database; request: Request; client: ClientInfo; origin: string };
/** Before authentication: the owner's handle, for the session lookup and the token's limit only. */
export type RequestContext = Omit<BaseContext, keyof Ctx> & { db: Database };
export type PublicContext = BaseContext;
export type BearerContext = BaseContext & StaffCtx & { bearer: string };
type ContextFor<A extends AuthMode> = A extends 'bearer' ? BearerContext : PublicContext;

type AnySchema = z.ZodType;

export type EndpointInput<P extends AnySchema | undefined, B extends AnySchema | undefined> = {
  params: P extends AnySchema ? z.output<P> : Record<string, never>;
  body: B extends AnySchema ? z.output<B> : Record<string, never>;
};

export type Endpoint<
  A extends AuthMode = AuthMode,
  P extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
> = {
  method: 'GET' | 'POST';
  /** The legacy path under /api, with {name} for path parameters. */
  path: string;
  auth: A;
  /** The group of legacy-api.json the call belongs to; also the OpenAPI tag. */
  group: string;
  summary: string;
  params?: P;
  body?: B;
  /** Documents the answer in the OpenAPI document. */
  response?: AnySchema;
  /** Bearer calls need pack level 10 unless marked 0 (calls open to service accounts). */
  packLevel?: 0 | 10;
  /** Only a campsite admin (of the campsite the call acts on: the service checks that too). */
  adminOnly?: boolean;
  /** Only the provider's operator (campsites, product updates). */
  operatorOnly?: boolean;
  /** The body's byte limit, for uploads; every other call has JSON_BODY_LIMIT (lib/http/body-limit.ts). */
  bodyLimit?: number;
  /** The last path parameter may be left out: "…/markAsRead/" reaches the handler with "". */
  lastParamOptional?: boolean;
  handler: (ctx: ContextFor<A>, input: EndpointInput<P, B>) => Promise<unknown>;
};

/** Declares one call of the contract; a helper only so that TypeScript infers the input types. */
export function endpoint<A extends AuthMode, P extends AnySchema | undefined = undefined, B extends AnySchema | undefined = undefined>(
  definition: Endpoint<A, P, B>,
): Endpoint {
  return definition as unknown as Endpoint;
}
