/** The content type Fastify gives the JSON it serializes; a route that answers with JSON text it built itself sends the same. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
