import { SwaggerModule } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, OPENAPI_JSON_PATH, OPENAPI_UI_PATH } from './openapi-document';

/**
 * Serves the OpenAPI document at `/api/doc.json` and Swagger UI at `/api/doc`. Both are plain routes
 * outside the controllers, so they need no token. The document is built on the first request.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Shop admin API',
    // No online validator badge: the page makes no requests to other hosts.
    swaggerOptions: { displayOperationId: true, docExpansion: 'list', defaultModelsExpandDepth: 0, validatorUrl: null },
  });
}
