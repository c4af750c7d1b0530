import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { created, noContent, ok } from '../../common/openapi/responses';
import type { AuthenticatedAdmin } from '../authenticated-admin';
import { AdminUserWritesService } from './admin-user-writes.service';
import { adminUserId, adminUserNotFound, ApiAdminUserId } from './admin-user-id';
import { serializeAdminUser } from './admin-user.serializer';
import { AdminUsersService } from './admin-users.service';
import {
  AdminUserCreateRequestSchema,
  AdminUserPatchRequestSchema,
  AdminUserReplaceRequestSchema,
  adminUserRequestExamples,
  AdminUserSchema,
  adminUserUpdateExamples,
  adminUserValidationExample,
  cannotDeleteSelf,
  cannotDisableSelf,
  createdAdminUserExample,
  PageOfAdminUsersSchema,
} from './admin-users.openapi';
import { AdminUserForm } from './forms/admin-user.form';

type AuthenticatedRequest = FastifyRequest & { user: AuthenticatedAdmin };

@ApiTags('Admin users')
@Controller('api/v1/users')
export class AdminUsersController {
  constructor(
    private readonly adminUsers: AdminUsersService,
    private readonly writes: AdminUserWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listAdminUsers', summary: 'List admin users', description: 'Every admin user, in the order they were created.' })
  @ApiPlainPage({ page: PageOfAdminUsersSchema, description: 'A page of admin users.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.adminUsers.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({
    operationId: 'createAdminUser',
    summary: 'Create an admin user',
    description: 'The new admin gets the role `ROLE_ADMINISTRATION_ACCESS`; API access (`ROLE_API_ACCESS`) is granted from the command line.',
  })
  @ApiJsonBody({ form: AdminUserForm, schema: AdminUserCreateRequestSchema, examples: adminUserRequestExamples, validationExample: adminUserValidationExample })
  @ApiResponses(created('The new admin user.', AdminUserSchema, { created: { summary: 'Created without names', value: createdAdminUserExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(AdminUserForm)) form: SubmittedForm<AdminUserForm>) {
    return serializeAdminUser(await this.writes.create(form));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showAdminUser', summary: 'Show an admin user' })
  @ApiAdminUserId()
  @ApiResponses(ok('The admin user.', AdminUserSchema), adminUserNotFound())
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.adminUsers.show(adminUserId(id));
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceAdminUser', summary: 'Replace an admin user', description: 'Left-out names are cleared and a left-out `enabled` disables; a left-out password is kept. A new password revokes the admin\'s access and refresh tokens, except the token of this request.' })
  @ApiAdminUserId()
  @ApiJsonBody({ form: AdminUserForm, schema: AdminUserReplaceRequestSchema, examples: adminUserUpdateExamples, validationExample: adminUserValidationExample })
  @ApiResponses(noContent('The admin user is replaced.'), adminUserNotFound(), cannotDisableSelf())
  @ApiWriteErrors()
  async replace(@Param('id') id: string, @Body(new FormPipe(AdminUserForm)) form: SubmittedForm<AdminUserForm>, @Req() request: AuthenticatedRequest): Promise<void> {
    await this.writes.update(adminUserId(id), form, 'replace', request.user);
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateAdminUser', summary: 'Change some fields of an admin user', description: 'Only the fields given change. A new password revokes the admin\'s access and refresh tokens, except the token of this request.' })
  @ApiAdminUserId()
  @ApiJsonBody({ form: AdminUserForm, schema: AdminUserPatchRequestSchema, examples: adminUserUpdateExamples, validationExample: adminUserValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), adminUserNotFound(), cannotDisableSelf())
  @ApiWriteErrors()
  async patch(
    @Param('id') id: string,
    @Body(new FormPipe(AdminUserForm, { partial: true, validateNulls: true })) form: SubmittedForm<AdminUserForm>,
    @Req() request: AuthenticatedRequest,
  ): Promise<void> {
    await this.writes.update(adminUserId(id), form, 'merge', request.user);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteAdminUser', summary: 'Delete an admin user', description: 'Their access and refresh tokens go with them. An admin cannot delete themselves (422).' })
  @ApiAdminUserId()
  @ApiResponses(noContent('The admin user is gone.'), adminUserNotFound(), cannotDeleteSelf())
  @ApiWriteErrors()
  async remove(@Param('id') id: string, @Req() request: AuthenticatedRequest): Promise<void> {
    await this.writes.delete(adminUserId(id), request.user);
  }
}
