import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../src/data/client';

/** Puts a company on another plan (the companies admin screen is issue 10's; tests need it before). */
export async function updateCompanyPlanForTest(companyId: string, planId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: `C#${companyId}#COMPANY`, SK: 'COMPANY' },
      UpdateExpression: 'SET planId = :p',
      ExpressionAttributeValues: { ':p': planId },
    }),
  );
}
