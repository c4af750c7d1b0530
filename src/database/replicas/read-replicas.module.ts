import { Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ReadReplicas } from './read-replicas';
import { ReplicaLagMonitor } from './replica-lag-monitor';

/** Runs the lag checks of the configured read replicas (none: nothing runs). ReadReplicas is the app module's. */
@Module({})
export class ReadReplicasModule implements OnApplicationBootstrap, OnModuleDestroy {
  private monitor: ReplicaLagMonitor | null = null;

  constructor(private readonly replicas: ReadReplicas) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.replicas.urls.length === 0) return;
    this.monitor = new ReplicaLagMonitor(this.replicas, new Logger('ReadReplicas'));
    await this.monitor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.monitor?.stop();
  }
}
