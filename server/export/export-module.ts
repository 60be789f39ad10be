// Export: what is in view and in the time window, as CSV, GeoJSON or KML to download.
import { aircraftMaxAgeSeconds } from '../aircraft/aircraft-max-age.js';
import type { DomainModule } from '../domain-module.js';
import { FireRepository } from '../fires/fire-repository.js';
import { ExportRepository } from './export-repository.js';
import { exportRoutes } from './export-routes.js';
import { ExportService } from './export-service.js';

export const exportModule: DomainModule = {
  name: 'export',
  async register(app) {
    const exports = new ExportService(new FireRepository(app.db), new ExportRepository(app.db), aircraftMaxAgeSeconds(app.config.settings));
    await app.register(exportRoutes, { exports });
  },
};
