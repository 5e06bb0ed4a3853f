// GET /api/shadow → shadow mode's classes and figures; POST /api/shadow/{classKey}/promote (JSON
// {"by": "who"}) → 200 switched to auto, 409 with the figures when not eligible (or already auto),
// 400 on a bad class key or body. Operators only (IAM, like the runs API).
import * as z from 'zod';
import { AUTO_MODE, minimumsOf, ShadowClassKey } from '#functions/shared/domain/shadow.js';
import { json, rawBody, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { createShadowApi, type ShadowApiDeps } from './use-case.js';

const PromoteBody = z.object({ by: z.string().trim().min(1).max(200) });

/** API Gateway may hand the path parameter over encoded ("damaged%7C0-50%7Cen"); a class key has no "%". */
const decoded = (value: string) => (value.includes('%') ? decodeURIComponent(value) : value);

export function createShadowApiHandler(deps: ShadowApiDeps) {
  const api = createShadowApi(deps);
  const config = deps.agentMode ?? AUTO_MODE;
  const { minTickets, minCustomers, minOrders } = minimumsOf(config);
  const threshold = config.agreement;
  return async (event: HttpEvent): Promise<HttpResult> => {
    const raw = event.pathParameters?.classKey;
    if (raw === undefined) return json(200, await api.list());

    let classKey: string;
    try {
      classKey = decoded(raw);
    } catch {
      return json(400, { error: 'the class key is not a valid URL component' });
    }
    if (!ShadowClassKey.safeParse(classKey).success) return json(400, { error: 'a class key is <reason>|<0-50|50-200|200+>|<language>, e.g. damaged|0-50|en' });
    let body: unknown;
    try {
      body = JSON.parse(rawBody(event) || '{}');
    } catch {
      return json(400, { error: 'body must be JSON, e.g. {"by": "lead@store.example"}' });
    }
    const parsed = PromoteBody.safeParse(body);
    if (!parsed.success) return json(400, { error: 'by (who switches the class to auto) is required, at most 200 characters' });

    const outcome = await api.promote(classKey, parsed.data.by);
    switch (outcome.kind) {
      case 'promoted':
        return json(200, { promoted: true, ...outcome.view });
      case 'already_auto':
        return json(409, { error: `class ${classKey} is already auto`, ...outcome.view });
      case 'not_eligible':
        return json(409, {
          error: `class ${classKey} may not be switched to auto yet: ${outcome.reasons.join('; ')}`,
          ...outcome.view,
          minTickets,
          minCustomers,
          minOrders,
          threshold,
        });
      case 'conflict':
        return json(409, { error: `the figures of class ${classKey} changed while switching; look again and retry`, ...outcome.view });
    }
  };
}
