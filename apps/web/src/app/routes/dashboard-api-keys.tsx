import { API_KEYS_PER_USER, apiKeyTexts as texts } from '@si/contracts';
import { DashboardSection } from '../../features/account/components/dashboard-shell';
import { useApiKeyUsage, useApiKeys } from '../../features/api-keys/api/api-keys';
import { ApiKeyList } from '../../features/api-keys/components/api-key-list';
import { ApiKeyUsage } from '../../features/api-keys/components/api-key-usage';
import { CreateApiKeyDialog } from '../../features/api-keys/components/create-api-key-dialog';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /dashboard/api-keys: the account's API keys and their requests per day (ADR 055). */
export function DashboardApiKeys() {
  useDocumentTitle(texts.pageTitle);
  const keys = useApiKeys();
  const usage = useApiKeyUsage();
  const full = (keys.data?.length ?? 0) >= API_KEYS_PER_USER;
  return (
    <>
      <DashboardSection
        id="api-keys"
        title={texts.heading}
        description={texts.description}
        action={<CreateApiKeyDialog disabled={!keys.data || full} />}
      >
        {full ? <p className="text-sm text-ink-muted">{texts.limitReached}</p> : null}
        <ApiKeyList keys={keys.data} failed={keys.isError} onRetry={() => void keys.refetch()} />
      </DashboardSection>
      <DashboardSection
        id="api-key-usage"
        title={texts.usageTitle}
        description={texts.usageDescription}
      >
        <ApiKeyUsage
          usage={usage.data}
          keys={keys.data}
          failed={usage.isError || keys.isError}
          onRetry={() => void usage.refetch()}
        />
      </DashboardSection>
    </>
  );
}
