import type { ApiKeyScope } from '@sello/contracts/api-key-scopes';
import { API_PREFIX } from '@sello/contracts/endpoint';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TestClient } from './test-app.ts';

/** A company's own system calling with an API key: a Bearer header, no cookie, no XSRF header, no session. */
export class ApiKeyClient extends TestClient {
  readonly secret: string;
  private readonly target: FastifyInstance;

  constructor(app: FastifyInstance, secret: string) {
    super(app);
    this.target = app;
    this.secret = secret;
  }

  override async call(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    return this.target.inject({
      method,
      url: API_PREFIX + path,
      headers: { authorization: `Bearer ${this.secret}`, ...extraHeaders },
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });
  }
}

export const ALL_SCOPES: ApiKeyScope[] = ['send', 'read', 'imports'];

/** Creates a key through the API as `admin` (a signed-in administrator) and answers its id and secret. */
export async function createApiKey(
  admin: TestClient,
  companyId: number,
  scopes: ApiKeyScope[] = ALL_SCOPES,
  name = 'ERP',
): Promise<{ id: number; secret: string }> {
  const response = await admin.post('integration/apiKeys/new', { companyId, name, scopes });
  if (response.statusCode !== 200) throw new Error(`apiKeys/new: ${response.statusCode} ${response.body}`);
  const { id, secret } = response.json();
  return { id, secret };
}
