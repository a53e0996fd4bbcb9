/** The quiver command. */
module dev.quiver.cli {
    requires dev.quiver.core;
    requires info.picocli;

    opens dev.quiver.cli to info.picocli;
}
