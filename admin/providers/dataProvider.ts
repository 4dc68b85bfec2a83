/** ra-data-simple-rest against /api/v1, through the console's authenticated, envelope-aware client. */
import simpleRestProvider from 'ra-data-simple-rest';
import { API_URL, httpClient } from './http';

export const dataProvider = simpleRestProvider(API_URL, httpClient);
