// The map block's one call to this server (platform §7): the geocoding provider's token. It
// never alerts: without it only 'lat, lng' addresses are placed.
import { api } from '../../api/client';

export const getMapToken = () => api.get<unknown>('/api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN', { alert: false });
