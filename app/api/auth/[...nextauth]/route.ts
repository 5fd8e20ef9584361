import { NextRequest } from 'next/server';
import { handlers } from '@/lib/auth/auth';
import { JSON_BODY_LIMIT, withinBodyLimit } from '@/lib/http/body-limit';
import { toErrorResponse } from '@/lib/http/error-response';

export const { GET } = handlers;

/** Auth.js reads the sign-in form itself: the body is read within the limit first (413 past it). */
export async function POST(request: NextRequest): Promise<Response> {
  let limited: Request;
  try {
    limited = await withinBodyLimit(request, JSON_BODY_LIMIT);
  } catch (error) {
    return toErrorResponse(error);
  }
  return handlers.POST(new NextRequest(limited));
}
