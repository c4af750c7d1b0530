import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AdminUserWritesService } from './admin-users/admin-user-writes.service';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersService } from './admin-users/admin-users.service';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiClientsController } from './api-clients/api-clients.controller';
import { ApiClientsService } from './api-clients/api-clients.service';
import { BearerStrategy } from './bearer.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { OAuthTokenController } from './oauth-token.controller';
import { OAuthTokenService } from './oauth-token.service';

@Module({
  imports: [PassportModule],
  controllers: [OAuthTokenController, AdminUsersController, ApiClientsController],
  providers: [AdminUsersService, AdminUserWritesService, ApiClientsService, BearerStrategy, LoginThrottleService, OAuthTokenService, { provide: APP_GUARD, useClass: ApiAuthGuard }],
})
export class AuthModule {}
