import { Transport, type TransportOptions } from '../http/transport';
import { ODataBase } from './base';
import { AssetsApi } from './assets';
import { FoldersApi } from './folders';
import { JobsApi } from './jobs';
import { PackagesApi } from './packages';
import { QueuesApi } from './queues';
import { ReleasesApi } from './releases';
import { RobotsApi } from './robots';
import { TenantApi } from './tenant';
import { UsersApi } from './users';

/** The typed orchestration-service client of one tenant: views and commands only compose these calls. */
export class OrchestratorClient {
  readonly transport: Transport;
  readonly packages: PackagesApi;
  readonly releases: ReleasesApi;
  readonly jobs: JobsApi;
  readonly robots: RobotsApi;
  readonly queues: QueuesApi;
  readonly assets: AssetsApi;
  readonly folders: FoldersApi;
  readonly tenant: TenantApi;
  readonly users: UsersApi;

  constructor(options: TransportOptions | Transport) {
    this.transport = options instanceof Transport ? options : new Transport(options);
    const base = new ODataBase(this.transport);
    this.packages = new PackagesApi(base);
    this.releases = new ReleasesApi(base);
    this.jobs = new JobsApi(base);
    this.robots = new RobotsApi(base);
    this.queues = new QueuesApi(base);
    this.assets = new AssetsApi(base);
    this.folders = new FoldersApi(base);
    this.tenant = new TenantApi(base);
    this.users = new UsersApi(base);
  }
}
