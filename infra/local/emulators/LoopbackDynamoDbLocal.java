/*
 * DynamoDB Local bound to 127.0.0.1, like everything `npm start` runs: the jar has no bind-address option and
 * Jetty's `new Server(port)` listens on every interface. This launcher builds the server exactly as the
 * jar's own main does (ServerRunner.createServerFromCommandLineArgs, same arguments), sets the host of
 * its Jetty connectors before it starts, then starts it. Reflection only, so it compiles without the
 * jar on the class path (dynamodb-local-loopback.ts compiles it once with the JRE's own javac module).
 *
 *   java -cp DynamoDBLocal.jar:<dir of this class> LoopbackDynamoDbLocal <the jar's arguments>
 */
import java.lang.reflect.Field;

final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    Class<?> runner = Class.forName("com.amazonaws.services.dynamodbv2.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local built a server without connectors");
    for (Object connector : connectors) connector.getClass().getMethod("setHost", String.class).invoke(connector, "127.0.0.1");
    proxy.getClass().getMethod("start").invoke(proxy);
  }
}
