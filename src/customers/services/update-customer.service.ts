import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { checkCustomerForm } from './check-customer-form';
import type { CustomerForm } from '../forms/customer.form';
import { lockCustomer } from './customer-lookups';
import { applyCustomerForm, hashNewPassword } from './customer-writer';
import { withUniqueEmail } from './email-conflict';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { serializeCustomerDetail } from '../customer.serializer';
import { findCustomerDetail } from '../queries/customer.read-model';
import { customerState } from './customer-changes';

@Injectable()
export class UpdateCustomerService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** PUT (`replace`) or PATCH (`merge`, validated without the fields left out). The customer is looked up before the form is judged. */
  async update(id: number, form: SubmittedForm<CustomerForm>, mode: 'replace' | 'merge'): Promise<void> {
    await withUniqueEmail(form.errors, () =>
      inWriteTransaction(this.em, async (tx) => {
        const customer = await lockCustomer(tx, id);
        if (customer === null) throw resourceNotFound('customer');
        const checked = await checkCustomerForm(tx, form, mode, customer);
        const before = customerState(customer);
        applyCustomerForm(tx, customer, checked, await hashNewPassword(checked));
        if (customerState(customer) === before) return;
        await tx.flush();
        // Read back through the GET's read model, in the transaction: the event carries what GET answers now.
        const updated = await findCustomerDetail(tx, id);
        if (updated === null) throw new Error(`The customer ${id} just updated cannot be read`);
        await this.outbox.record(tx, { type: 'customer.updated', data: serializeCustomerDetail(updated) });
      }),
    );
  }
}
