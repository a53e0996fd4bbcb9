/** Quiver IPC: the Arrow IPC format, starting with the generated FlatBuffers metadata bindings. */
module dev.quiver.ipc {
    requires dev.quiver.core;
    requires flatbuffers.java;

    exports dev.quiver.ipc.flatbuf;
}
