/**
 * One SNS topic every alarm notifies; context `alarmEmail` subscribes someone to it, context
 * `alarmUrl` an HTTPS endpoint (an incident tool's SNS integration). A prod stage needs one of them.
 */
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export class AlarmTopic extends Construct {
  readonly topic: Topic;
  readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: { email?: string; url?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Atende alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    if (props.url) this.topic.addSubscription(new UrlSubscription(props.url));
    this.action = new SnsAction(this.topic);
  }
}
