import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ApiAuthGuard } from './api-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { OAuthTokenController } from './oauth-token.controller';
import { OAuthTokenService } from './oauth-token.service';

@Module({
  imports: [PassportModule],
  controllers: [OAuthTokenController],
  providers: [BearerStrategy, LoginThrottleService, OAuthTokenService, { provide: APP_GUARD, useClass: ApiAuthGuard }],
})
export class AuthModule {}
