// The map block's one call to this server (platform §7): the geocoding provider's token. It
// never alerts: without it only 'lat, lng' addresses are placed.
import { answer, client } from '../../api/client';

/** The token as plain text (the document's `text/plain` answer). */
export const getMapToken = () => answer(client.GET('/api/getENV/{name}', { params: { path: { name: 'CHARTMAT_MAPBOX_AUTH_TOKEN' } }, parseAs: 'text' }), false);
