import { blockRoutes } from './block-routes.ts';
import { errorBody, notFound } from './errors.ts';
import { listingRoutes } from './listing-routes.ts';
import { objectRoutes } from './object-routes.ts';
import type { ApiProfile } from './profile.ts';
import { spaceRoutes } from './space-routes.ts';

/** The default profile: the spec word for word, the decisions table's guesses where it says "not shown". */
export const specProfile: ApiProfile = {
  name: 'spec',
  installRoutes(app, ctx) {
    objectRoutes(app, ctx);
    listingRoutes(app, ctx);
    spaceRoutes(app, ctx);
    blockRoutes(app, ctx);
  },
  errorBody: (error) => errorBody(error.code, error.message),
  unknownRoute: (method, path) => notFound(`No route ${method} ${path}`),
};
