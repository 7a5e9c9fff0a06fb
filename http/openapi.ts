import { createRequire } from 'node:module';
import path from 'node:path';
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import express, { type IRouter } from 'express';

/** Collects the routes' schemas; one registry per app. */
export function createOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return registry;
}

/** The OpenAPI 3.1 document of every mounted route, built from the same zod schemas that validate them. */
export function buildOpenApiDocument(registry: OpenAPIRegistry, version: string) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Switchboard API',
      version,
      description: 'Self-hostable bot platform with human handoff. Authenticate with POST /api/auth/login, then send `Authorization: Bearer <access_token>`.',
    },
  });
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Switchboard API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

// persistAuthorization off: the bearer token entered on the page is not kept in localStorage.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', persistAuthorization: false });`;

/**
 * `/api/openapi.json` and a browsable page at `/api/docs` (Swagger UI served from the installed
 * package, no CDN). Both are public: they describe the API, they do not expose data.
 */
export function mountOpenApiRoutes(router: IRouter, getDocument: () => unknown): void {
  const assets = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  router.get('/api/openapi.json', (_req, res) => {
    res.json(getDocument());
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  router.use('/api/docs/assets', express.static(assets, { index: false, maxAge: '1d' }));
}
